// SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE). A plain BEGIN
// reads first and asks for the lock at its first write; when another process (the server, the ops
// CLI) committed in between, SQLite answers "database is locked" at once, without waiting out the
// busy timeout, because the transaction's reads are stale. Taking the lock up front makes the
// transaction wait its turn instead. The ops CLI opens the database this way; the server does not,
// so a read-only transaction of the server never holds the write lock.
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}
