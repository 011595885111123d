//! What a run costs Redis (several instances): its pub/sub subscriptions per connection (one
//! subscribing connection per Beckon instance) and the commands it processed, read with
//! `redis-cli` (`INFO stats`, `CLIENT LIST TYPE pubsub`). Use a Redis of the run's own: the
//! command count is the whole server's.

use tokio::process::Command;

async fn cli(url: &str, args: &[&str]) -> anyhow::Result<String> {
    let out = Command::new("redis-cli")
        .arg("-u")
        .arg(url)
        .args(args)
        .output()
        .await?;
    anyhow::ensure!(out.status.success(), "redis-cli {args:?} failed");
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `total_commands_processed` of `INFO stats`.
pub async fn commands(url: &str) -> anyhow::Result<u64> {
    let info = cli(url, &["INFO", "stats"]).await?;
    parse_field(&info, "total_commands_processed")
        .ok_or_else(|| anyhow::anyhow!("no total_commands_processed in INFO stats"))
}

/// Subscriptions of each pub/sub connection, largest first.
pub async fn subscriptions(url: &str) -> anyhow::Result<Vec<u64>> {
    let list = cli(url, &["CLIENT", "LIST", "TYPE", "pubsub"]).await?;
    Ok(parse_subs(&list))
}

fn parse_field(info: &str, name: &str) -> Option<u64> {
    info.lines().find_map(|l| {
        l.trim()
            .strip_prefix(name)?
            .strip_prefix(':')?
            .trim()
            .parse()
            .ok()
    })
}

fn parse_subs(list: &str) -> Vec<u64> {
    let mut subs: Vec<u64> = list
        .lines()
        .filter_map(|l| {
            l.split_whitespace()
                .find_map(|kv| kv.strip_prefix("sub=")?.parse().ok())
        })
        .collect();
    subs.sort_unstable_by(|a, b| b.cmp(a));
    subs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_redis_answers() {
        assert_eq!(
            parse_field(
                "# Stats\r\ntotal_connections_received:3\r\ntotal_commands_processed:42\r\n",
                "total_commands_processed"
            ),
            Some(42)
        );
        let list = "id=5 addr=127.0.0.1:1 name= db=0 sub=1003 psub=0 ssub=0 cmd=subscribe\n\
                    id=6 addr=127.0.0.1:2 name= db=0 sub=5 psub=0 ssub=0 cmd=subscribe\n";
        assert_eq!(parse_subs(list), vec![1003, 5]);
    }
}
