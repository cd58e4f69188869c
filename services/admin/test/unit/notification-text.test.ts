import { describe, expect, it } from 'vitest'
import { formatDay, isTooOldToNotify, notificationLink, notificationText, recipientsOf } from '../../src/domain/notification-text.js'

const facts = { entityId: 'e-1', target: 'Kitchen', detail: 'Casey', actorId: null }

describe('notification wording', () => {
  it('names the client for client decisions and the teammate for decisions set by hand', () => {
    expect(notificationText({ ...facts, kind: 'estimate_approved' }, null)).toEqual({ title: 'Estimate approved', body: 'Casey approved “Kitchen”.' })
    expect(notificationText({ ...facts, kind: 'estimate_declined', actorId: 'u' }, 'Ann Lee')).toEqual({
      title: 'Estimate declined',
      body: 'Ann Lee marked “Kitchen” declined.',
    })
    expect(notificationText({ ...facts, kind: 'estimate_viewed', detail: '  ' }, null).body).toBe('Your client opened “Kitchen”.')
    expect(notificationText({ ...facts, kind: 'estimate_change_requested' }, null)).toEqual({
      title: 'Changes requested',
      body: 'Casey asked for changes to “Kitchen”.',
    })
    expect(notificationText({ ...facts, kind: 'estimate_shared', actorId: 'u' }, null).body).toBe('A teammate shared “Kitchen” with Casey.')
    expect(notificationText({ ...facts, kind: 'task_assigned', actorId: 'u', detail: null }, 'Bo').body).toBe('Bo assigned you “Kitchen”.')
    expect(notificationText({ ...facts, kind: 'task_assigned', actorId: 'u', detail: '2027-03-09' }, 'Bo').body).toBe(
      'Bo assigned you “Kitchen”, due 9 Mar 2027.',
    )
  })

  it('links each kind to its screen', () => {
    expect(notificationLink({ kind: 'estimate_viewed', entityId: 'e 1' })).toBe('/estimates/e%201')
    expect(notificationLink({ kind: 'estimate_change_requested', entityId: 'e-1' })).toBe('/estimates/e-1')
    expect(notificationLink({ kind: 'meeting_transcribed', entityId: 'm-1' })).toBe('/notetaker?meeting=m-1')
    expect(notificationLink({ kind: 'task_due', entityId: 't-1' })).toBe('/tasks')
  })

  it('formats a due day as a calendar day', () => {
    expect(formatDay('2026-12-31')).toBe('31 Dec 2026')
    expect(formatDay('nonsense')).toBe('nonsense')
  })
})

describe('who is told', () => {
  it('each interested user once, never the actor, never nobody', () => {
    expect(recipientsOf(['a', 'b', 'a', null, undefined], 'b')).toEqual(['a'])
    expect(recipientsOf(['a', 'b'], null)).toEqual(['a', 'b'])
    expect(recipientsOf([null], null)).toEqual([])
  })

  it('nothing older than three days', () => {
    const now = new Date('2026-11-25T12:00:00Z')
    expect(isTooOldToNotify(new Date('2026-11-22T12:00:01Z'), now)).toBe(false)
    expect(isTooOldToNotify(new Date('2026-11-22T11:59:59Z'), now)).toBe(true)
  })
})
