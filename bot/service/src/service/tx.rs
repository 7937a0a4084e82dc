//! Write transactions: one writer at a time in this process, each holding SQLite's write lock
//! from its first statement.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use sqlx::{Sqlite, SqliteConnection, Transaction};
use tokio::sync::OwnedMutexGuard;

use super::{GameService, ServiceError};
use crate::store;

/// A write transaction, holding this process's writer turn until it ends.
pub(super) struct WriteTx {
    tx: Transaction<'static, Sqlite>,
    _turn: OwnedMutexGuard<()>,
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
    type Target = SqliteConnection;

    fn deref(&self) -> &SqliteConnection {
        &self.tx
    }
}

impl DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        &mut self.tx
    }
}

impl GameService {
    /// Starts a write transaction (waiting for this process's writer turn first).
    pub(super) async fn write(&self) -> Result<WriteTx, sqlx::Error> {
        let turn = Arc::clone(&self.writer).lock_owned().await;
        let tx = store::begin_write(&self.pool).await?;
        Ok(WriteTx { tx, _turn: turn })
    }
}
