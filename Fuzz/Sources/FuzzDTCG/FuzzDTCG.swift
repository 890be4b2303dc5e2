import TransDBTestSupport

/// libFuzzer's entry point for DTCG files (`DTCGFormat.decode(_:file:defaultLibrary:)`):
/// `FuzzChecks` checks the input and traps when the reader accepts it and it breaks one of the reader's invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzChecks.run(.dtcg, data, size)
}
