//! `cargo run -p model --example diagnose -- FILE [--json] [--now RFC3339]`: the same output as
//! `strata diagnose`, for trying the model without the backend.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let now = args
        .iter()
        .position(|a| a == "--now")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| model::time::Timestamp::parse(s));
    let input = match args
        .iter()
        .find(|a| !a.starts_with("--") && model::time::Timestamp::parse(a).is_none())
    {
        Some(path) if path != "-" => std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(2)
        }),
        _ => std::io::read_to_string(std::io::stdin()).unwrap_or_default(),
    };
    let out = model::cli::diagnose_text(&input, &model::cli::CliOptions { json, now });
    print!("{}", out.output);
    std::process::exit(out.exit_code);
}
