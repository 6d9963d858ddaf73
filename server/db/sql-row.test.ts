import { getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as schema from './schema'
import { type SqlRow, snakeCase } from './sql-row'

const tables: Table[] = Object.values(schema as Record<string, unknown>).filter(
  (value): value is Table => isTable(value),
)

describe('SqlRow, the raw statements’ row types', () => {
  it.each(tables.map((table) => [getTableName(table), table] as const))(
    'holds for %s: every column is named as the snake_case of its key',
    (_name, table) => {
      const columns = Object.entries(getTableColumns(table))
      expect(columns.length).toBeGreaterThan(0)
      expect(columns.filter(([key, column]) => column.name !== snakeCase(key))).toEqual([])
    },
  )

  it('types each value as node-postgres returns it', () => {
    const outbox: SqlRow<typeof schema.mailOutbox> = {
      id: '1',
      kind: 'verification',
      recipient: 'a@example.com',
      locale: 'en',
      user_id: null,
      enquiry_id: null,
      request_history_id: null,
      thread_message_id: null,
      proposal_event_id: null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: new Date(),
      last_error: null,
      created_at: new Date(),
      sent_at: null,
    }
    const birthDate: SqlRow<typeof schema.users>['birth_date'] = new Date()
    expect([outbox.id, birthDate]).toHaveLength(2)
  })
})
