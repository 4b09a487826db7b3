//! What can go wrong while drawing.

/// An error of the renderer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenderError {
    /// A geometry file cannot be read, or does not fit the map.
    Geometry { file: String, line: Option<usize>, message: String },
    /// The SVG could not be rasterised.
    Png { message: String },
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenderError::Geometry { file, line: Some(line), message } => write!(f, "{file}:{line}: {message}"),
            RenderError::Geometry { file, line: None, message } => write!(f, "{file}: {message}"),
            RenderError::Png { message } => write!(f, "cannot make the PNG: {message}"),
        }
    }
}

impl std::error::Error for RenderError {}
