//! One test per DATC case file (and per recorded rule alternative), named by DATC id.

use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let cases = match dip_datc::load_dir(dip_datc::default_dir()) {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("cannot read the case files: {e}");
            std::process::exit(2);
        }
    };
    let mut trials = Vec::new();
    for case in cases {
        let case = std::sync::Arc::new(case);
        let c = case.clone();
        trials.push(Trial::test(format!("datc::{}", case.id), move || {
            dip_datc::check(&c, None).map_err(|m| Failed::from(m.to_string()))
        }));
        // An alternative whose rule choice the engine lacks fails as pending (`check` says
        // which choice), rather than being left out unseen.
        for (i, alternative) in case.alternatives.iter().enumerate() {
            let label: Vec<String> = alternative.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let c = case.clone();
            trials.push(Trial::test(format!("datc::{} [{}]", case.id, label.join(",")), move || {
                dip_datc::check(&c, Some(i)).map_err(|m| Failed::from(m.to_string()))
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
