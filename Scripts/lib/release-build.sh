# The release binary the README installs and Scripts/bench.sh measures, built one way:
# - --static-swift-stdlib: the Swift runtime and Foundation inside, so the binary can be copied
#   anywhere;
# - -no-pie: at a fixed address, so that starting it does not relocate 90,000 addresses (a
#   single `transdb resolve` took 5.2 ms with PIE, 3.9 without; the stack, heap and shared
#   libraries are still placed at random);
# - --no-export-dynamic: the executable's 11,000 symbols stay out of its dynamic symbol table
#   (560 remain). Nothing loads code that looks them up, and at every start the Swift runtime's
#   `dladdr` scanned them and the loader paged them in: a single `resolve` 3.8 -> 3.1 ms,
#   `--version` 2.1 -> 1.6 ms. (A crash's stack trace then names fewer functions.)
# - --disable-local-rpath: no `$ORIGIN` run path, so the system's libsqlite3 is loaded, never a
#   library that happens to lie beside a copy of the binary.
release_build=(swift build -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic --disable-local-rpath --product transdb)
