//! Write transactions. On SQLite: one writer at a time in this process, each holding the write
//! lock from its first statement. On PostgreSQL: writers run side by side, each locking the rows
//! it reads to change (`FOR UPDATE`).

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use tokio::sync::OwnedMutexGuard;

use super::{GameService, ServiceError};
use crate::store::{self, Backend, Conn, Transaction};

/// A write transaction, holding this process's writer turn until it ends (SQLite only).
pub(super) struct WriteTx {
    tx: Transaction,
    _turn: Option<OwnedMutexGuard<()>>,
}

impl WriteTx {
    pub(super) async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
    }

    /// Rolls back before giving up the writer turn (a dropped transaction would roll back
    /// lazily, keeping the write lock from the next writer meanwhile), then returns `refusal`.
    pub(super) async fn abandon(self, refusal: ServiceError) -> ServiceError {
        match self.tx.rollback().await {
            Ok(()) => refusal,
            Err(e) => e.into(),
        }
    }
}

impl Deref for WriteTx {
    type Target = Conn;

    fn deref(&self) -> &Conn {
        &self.tx
    }
}

impl DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut Conn {
        &mut self.tx
    }
}

/// A connection to write one statement on, outside any transaction (the statement is its own),
/// holding this process's writer turn meanwhile (SQLite only): a single write costs one round
/// trip instead of three (`BEGIN`, the statement, `COMMIT`).
pub(super) struct WriteOnce {
    conn: sqlx::pool::PoolConnection<sqlx::Any>,
    _turn: Option<OwnedMutexGuard<()>>,
}

impl Deref for WriteOnce {
    type Target = Conn;

    fn deref(&self) -> &Conn {
        &self.conn
    }
}

impl DerefMut for WriteOnce {
    fn deref_mut(&mut self) -> &mut Conn {
        &mut self.conn
    }
}

impl GameService {
    /// A connection for one write statement (see [`WriteOnce`]).
    pub(super) async fn write_once(&self) -> Result<WriteOnce, sqlx::Error> {
        let turn = match Backend::of_pool(&self.pool) {
            Backend::Sqlite => Some(Arc::clone(&self.writer).lock_owned().await),
            Backend::Postgres => None,
        };
        let conn = self.writes.acquire().await?;
        Ok(WriteOnce { conn, _turn: turn })
    }

    /// Starts a write transaction (on SQLite, waiting for this process's writer turn first:
    /// SQLite has one writer at a time, and waiting here is cheaper than in its busy loop).
    pub(super) async fn write(&self) -> Result<WriteTx, sqlx::Error> {
        let turn = match Backend::of_pool(&self.pool) {
            Backend::Sqlite => Some(Arc::clone(&self.writer).lock_owned().await),
            Backend::Postgres => None,
        };
        let tx = store::begin_write(&self.writes).await?;
        Ok(WriteTx { tx, _turn: turn })
    }
}
