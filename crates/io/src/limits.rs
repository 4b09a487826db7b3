//! Caps on what dip reads, so that no input costs unbounded time or memory.

/// Caps on input. Every reader of files and order text takes them; the defaults are far
/// beyond any real game and still small enough for a server to survive hostile input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest file (or stream) read, in bytes.
    pub max_input_bytes: u64,
    /// Most orders read from one file or request.
    pub max_orders: usize,
    /// Longest line of order text, in bytes: one order string of an orders list, one
    /// unit or name of a position, or one line of orders read as text.
    pub max_line_bytes: usize,
}

impl Limits {
    /// The defaults: 64 MiB of input, 100,000 orders, 1,000 bytes an order.
    pub const DEFAULT: Limits = Limits { max_input_bytes: 64 << 20, max_orders: 100_000, max_line_bytes: 1000 };

    /// No caps at all, for input that is already trusted.
    pub const NONE: Limits = Limits { max_input_bytes: u64::MAX, max_orders: usize::MAX, max_line_bytes: usize::MAX };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}
