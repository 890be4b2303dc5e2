# The release binary the README installs and Scripts/bench.sh measures, built one way:
# - --static-swift-stdlib: the Swift runtime and Foundation inside, so the binary can be copied
#   anywhere;
# - -no-pie: at a fixed address, so that starting it does not relocate 90,000 addresses (a
#   single `transdb resolve` took 5.2 ms with PIE, 3.9 without; the stack, heap and shared
#   libraries are still placed at random).
release_build=(swift build -c release --static-swift-stdlib -Xlinker -no-pie --product transdb)
