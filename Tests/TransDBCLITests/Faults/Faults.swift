@testable import TransDBCore
/// End-to-end fault tests: each fault is produced for real — a process killed with SIGKILL,
/// writers contending for the lock, a full disk, a file-size limit, a user who cannot write,
/// files that are not catalogs, hostile input — and the promise checked from outside, with the
/// built `transdb`, `sqlite3` and the file's bytes. Nothing here mocks the fault itself.
///
/// Every suite is nested in this enum, so `swift test --filter Faults` runs them all.
enum Faults {}
