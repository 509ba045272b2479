//! Runs the simulator alone (what `strata sim` does), e.g.
//! `cargo run -p sim --example serve -- --listen 127.0.0.1:8081 --vmis 1000 --churn 50`.

use clap::Parser;

#[derive(Parser)]
struct Cli {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8081")]
    listen: std::net::SocketAddr,
    #[command(flatten)]
    sim: sim::SimArgs,
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let cli = Cli::parse();
    let listener = tokio::net::TcpListener::bind(cli.listen).await?;
    let s = sim::Sim::start_with(listener, &cli.sim).await?;
    println!("Simulated cluster on {}", s.url());
    tokio::signal::ctrl_c().await?;
    Ok(())
}
