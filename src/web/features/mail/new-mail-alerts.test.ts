import { describe, expect, it } from 'vitest'
import type { ArrivedMail } from '../../../contract/mail'
import { alertsFor } from './new-mail-alerts'

const ME = 'sam.rivera@inkwell.demo'
const mail = (n: number, fromEmail = `p${n}@example.com`): ArrivedMail => ({
  threadId: `t${n}`,
  messageId: `m${n}`,
  fromName: `Person ${n}`,
  fromEmail,
  subject: `Subject ${n}`,
})
const done = (arrived: ArrivedMail[], full = false) => ({
  type: 'sync.done',
  changed: arrived.length,
  full,
  arrived,
})
const ON = { soundNotifications: true, emailNotifications: true }
const granted = { myEmail: ME, permission: 'granted' as const }

describe('new mail alerts', () => {
  it('sound and a notice per new inbox message, naming the sender and the subject', () => {
    expect(alertsFor(done([mail(1)]), ON, granted)).toEqual({
      sound: true,
      notices: [{ title: 'Person 1', body: 'Subject 1', threadId: 't1' }],
    })
  })

  it("nothing for the user's own mail, the first load, or events that bring no new mail", () => {
    const none = { sound: false, notices: [] }
    expect(alertsFor(done([mail(1, 'Sam.Rivera@inkwell.demo')]), ON, granted)).toEqual(none)
    expect(alertsFor(done([mail(1)], true), ON, granted)).toEqual(none)
    expect(alertsFor({ type: 'mail.changed', threadIds: ['t1'] }, ON, granted)).toEqual(none)
    expect(alertsFor(done([]), ON, granted)).toEqual(none)
    expect(alertsFor({ type: 'sync.done', changed: 3, full: false }, ON, granted)).toEqual(none)
  })

  it('each setting on its own; no notice without the browser’s permission', () => {
    const soundOnly = { soundNotifications: true, emailNotifications: false }
    expect(alertsFor(done([mail(1)]), soundOnly, granted)).toEqual({ sound: true, notices: [] })
    const noticesOnly = { soundNotifications: false, emailNotifications: true }
    expect(alertsFor(done([mail(1)]), noticesOnly, granted).sound).toBe(false)
    expect(alertsFor(done([mail(1)]), noticesOnly, granted).notices).toHaveLength(1)
    for (const permission of ['default', 'denied', 'unsupported'] as const) {
      expect(alertsFor(done([mail(1)]), ON, { myEmail: ME, permission }).notices).toEqual([])
    }
  })

  it('a burst of new mail makes one summary notice', () => {
    const burst = [1, 2, 3, 4].map((n) => mail(n))
    expect(alertsFor(done(burst), ON, granted).notices).toEqual([
      {
        title: '4 new messages',
        body: 'Person 1, Person 2, Person 3, Person 4',
        threadId: null,
      },
    ])
  })
})
