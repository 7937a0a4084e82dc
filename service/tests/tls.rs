//! TLS to PostgreSQL: against a real server serving TLS with a certificate of a test
//! authority, the bot connects with `sslmode=verify-full` and the operator's CA
//! (`sslrootcert`), and refuses a server whose certificate another authority signed.

use std::io::Write as _;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair, SanType};
use sqlx::Row;

/// A certificate authority: its certificate (PEM) and what signs with it.
struct Authority {
    pem: String,
    issuer: Issuer<'static, KeyPair>,
}

fn authority(name: &str) -> Authority {
    let mut params = CertificateParams::new(Vec::<String>::new()).expect("parameters");
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, name);
    let key = KeyPair::generate().expect("a key");
    let cert = params.self_signed(&key).expect("a certificate");
    Authority {
        pem: cert.pem(),
        issuer: Issuer::new(params, key),
    }
}

/// The server's certificate for 127.0.0.1 and localhost, signed by `ca`, and its key (PEM).
fn server_certificate(ca: &Authority) -> (String, String) {
    let mut params = CertificateParams::new(vec!["localhost".to_owned()]).expect("parameters");
    params
        .subject_alt_names
        .push(SanType::IpAddress(std::net::Ipv4Addr::LOCALHOST.into()));
    let key = KeyPair::generate().expect("a key");
    let cert = params.signed_by(&key, &ca.issuer).expect("signed");
    (cert.pem(), key.serialize_pem())
}

/// Writes `text` to `path` with `mode`, owned as `like` is (the server's own user).
fn write_owned(path: &Path, text: &str, mode: u32, like: &Path) {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(true)
        .write(true)
        .mode(mode)
        .open(path)
        .expect("a file");
    file.write_all(text.as_bytes()).expect("written");
    let owner = std::fs::metadata(like).expect("the data directory");
    std::os::unix::fs::chown(path, Some(owner.uid()), Some(owner.gid())).expect("chown");
}

#[tokio::test]
async fn the_bot_connects_with_verify_full_and_refuses_a_server_its_ca_did_not_sign() {
    if dama_test_postgres::skip() {
        return;
    }
    // A server of this test's own: its configuration changes.
    let server = dama_test_postgres::Server::start().expect("a throwaway PostgreSQL server");
    let data = server.directory().join("data");
    let ca = authority("dama test CA");
    let (cert, key) = server_certificate(&ca);
    write_owned(&data.join("server.crt"), &cert, 0o644, &data);
    write_owned(&data.join("server.key"), &key, 0o600, &data);
    let mut conf = std::fs::OpenOptions::new()
        .append(true)
        .open(data.join("postgresql.conf"))
        .expect("postgresql.conf");
    writeln!(
        conf,
        "ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'"
    )
    .expect("written");
    server
        .execute("postgres", "SELECT pg_reload_conf()")
        .expect("reloaded");
    let trusted = tempfile::tempdir().expect("a directory");
    let ca_file = trusted.path().join("ca.pem");
    std::fs::write(&ca_file, &ca.pem).expect("the CA");
    let other_file = trusted.path().join("other.pem");
    std::fs::write(&other_file, authority("another CA").pem).expect("another CA");

    let url = server.fresh_database().expect("a database");
    let with = |ca: &Path| format!("{url}?sslmode=verify-full&sslrootcert={}", ca.display());
    // The operator's CA signed the server's certificate: connected, migrated, over TLS.
    let pool = dama_service::connect(&with(&ca_file))
        .await
        .expect("connected with verify-full");
    let ssl: bool = sqlx::query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        .fetch_one(&pool)
        .await
        .expect("a row")
        .get(0);
    assert!(ssl, "the connection is encrypted");
    pool.close().await;
    // Another authority's certificate is refused: nothing is sent in the clear instead.
    let refused = dama_service::connect(&with(&other_file))
        .await
        .expect_err("a server the CA did not sign is refused")
        .to_string();
    assert!(
        refused.to_lowercase().contains("certificate"),
        "refused for its certificate: {refused}"
    );
}
