import { describe, expect, it } from 'vitest'
import { activeFilterCount, adminListQuery, pageCount, parseAdminSearch } from './admin-search'

describe('the admin inbox address', () => {
  it('keeps the known filters of the requests list and drops the rest', () => {
    expect(
      parseAdminSearch({
        status: 'inReview',
        handled: 'yes',
        service: 'web-design',
        from: '2026-11-01',
        to: '2026-11-30',
        q: '  ana@example.com ',
        page: '3',
        id: 'abc-123',
        other: 'x',
      }),
    ).toEqual({
      status: 'inReview',
      service: 'web-design',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'ana@example.com',
      page: 3,
      id: 'abc-123',
    })
  })

  it('reads "handled" on the enquiries list only, never a status', () => {
    expect(parseAdminSearch({ tab: 'enquiries', handled: 'no', status: 'received' })).toEqual({
      tab: 'enquiries',
      handled: 'no',
    })
  })

  it('drops what is not a filter value: unknown status or service, bad dates, pages, ids', () => {
    expect(
      parseAdminSearch({
        tab: 'other',
        status: 'lost',
        service: 'plumbing',
        from: '2026-13-45',
        to: 'yesterday',
        q: '   ',
        page: '0',
        id: '../../etc',
      }),
    ).toEqual({})
    expect(parseAdminSearch({ page: '1' })).toEqual({})
    expect(parseAdminSearch({ page: 2.5 })).toEqual({})
  })

  it('gives the API the list query, every filter as a string, page 1 by default', () => {
    expect(adminListQuery({ status: 'received', q: 'ana' })).toEqual({
      status: 'received',
      awaiting: '',
      sort: '',
      service: '',
      from: '',
      to: '',
      q: 'ana',
      page: '1',
    })
    expect(adminListQuery({ tab: 'enquiries', handled: 'yes', page: 4 })).toEqual({
      handled: 'yes',
      spam: '',
      service: '',
      from: '',
      to: '',
      q: '',
      page: '4',
    })
  })

  it('keeps the "awaiting our reply" filter of the requests list only', () => {
    expect(parseAdminSearch({ awaiting: 'yes' })).toEqual({ awaiting: 'yes' })
    expect(parseAdminSearch({ awaiting: 'no' })).toEqual({})
    expect(parseAdminSearch({ tab: 'enquiries', awaiting: 'yes' })).toEqual({ tab: 'enquiries' })
    expect(adminListQuery({ awaiting: 'yes' }).awaiting).toBe('yes')
  })

  it('keeps the order of the requests list and the spam filter of the enquiries list', () => {
    expect(parseAdminSearch({ sort: 'created' })).toEqual({ sort: 'created' })
    expect(parseAdminSearch({ sort: 'oldest' })).toEqual({})
    expect(parseAdminSearch({ tab: 'enquiries', sort: 'created' })).toEqual({ tab: 'enquiries' })
    expect(parseAdminSearch({ tab: 'enquiries', spam: 'yes' })).toEqual({
      tab: 'enquiries',
      spam: 'yes',
    })
    expect(parseAdminSearch({ spam: 'yes' })).toEqual({})
    expect(adminListQuery({ sort: 'created' }).sort).toBe('created')
    expect(adminListQuery({ tab: 'enquiries', spam: 'no' }).spam).toBe('no')
  })

  it('counts the filters applied, not the list, the order, the page or the item', () => {
    expect(activeFilterCount({})).toBe(0)
    expect(activeFilterCount({ tab: 'enquiries', page: 2, id: 'x', sort: 'created' })).toBe(0)
    expect(activeFilterCount({ status: 'received', q: 'ana', from: '2026-01-01' })).toBe(3)
  })

  it('counts pages, at least one', () => {
    expect([pageCount(0, 25), pageCount(25, 25), pageCount(26, 25)]).toEqual([1, 1, 2])
  })
})

describe('the receivables tab in the address', () => {
  it('keeps its own filters and drops the other lists’', () => {
    expect(
      parseAdminSearch({
        tab: 'receivables',
        state: 'overdue',
        method: 'spei',
        status: 'received',
        handled: 'no',
        service: 'iot',
        from: '2026-01-01',
        q: ' pag-42 ',
        page: '3',
      }),
    ).toEqual({
      tab: 'receivables',
      state: 'overdue',
      method: 'spei',
      from: '2026-01-01',
      q: 'pag-42',
      page: 3,
    })
    expect(parseAdminSearch({ tab: 'receivables', state: 'bogus', method: 'bitcoin' })).toEqual({
      tab: 'receivables',
    })
    // Another tab ignores the receivables' filters.
    expect(parseAdminSearch({ state: 'overdue', method: 'cash' })).toEqual({})
  })

  it('asks the API with the receivables query only', () => {
    expect(adminListQuery({ tab: 'receivables', state: 'open', q: 'ana', page: 2 })).toEqual({
      state: 'open',
      method: '',
      from: '',
      to: '',
      q: 'ana',
      page: '2',
    })
    expect(activeFilterCount({ tab: 'receivables', state: 'overdue', method: 'cash' })).toBe(2)
  })
})
