use std::fmt;

/// One fault found in a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line in the file, where it could be found.
    pub line: Option<usize>,
    /// The province the fault concerns, if any.
    pub province: Option<String>,
    pub message: String,
}

/// A variant file that could not be loaded: every fault found, not only the first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadError {
    /// The file could not be read.
    Io { file: String, message: String },
    /// The file is not valid RON for the variant schema.
    Syntax { file: String, line: usize, column: usize, message: String },
    /// The file parsed but describes an inconsistent map.
    Invalid { file: String, problems: Vec<Problem> },
}

impl LoadError {
    /// The faults, each as its own line `file:line: province `x`: message`.
    pub fn lines(&self) -> Vec<String> {
        match self {
            LoadError::Io { file, message } => vec![format!("{file}: {message}")],
            LoadError::Syntax { file, line, column, message } => {
                vec![format!("{file}:{line}:{column}: {message}")]
            }
            LoadError::Invalid { file, problems } => problems
                .iter()
                .map(|p| {
                    let mut s = file.clone();
                    if let Some(line) = p.line {
                        s.push_str(&format!(":{line}"));
                    }
                    s.push_str(": ");
                    if let Some(province) = &p.province {
                        s.push_str(&format!("province `{province}`: "));
                    }
                    s.push_str(&p.message);
                    s
                })
                .collect(),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = self.lines();
        if let LoadError::Invalid { problems, .. } = self {
            writeln!(f, "invalid variant ({} problem{}):", problems.len(), if problems.len() == 1 { "" } else { "s" })?;
        }
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}
