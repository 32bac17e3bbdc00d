import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessTokenOf } from '../test/stand-in-gmail.js'
import { signIn, startHarness, type Harness } from '../test/harness.js'
import { DEMO_ACCOUNTS } from './demo-accounts.js'

const ALEX = DEMO_ACCOUNTS[0]
const ADA = { email: 'ada@example.com', name: 'Ada Lovelace' }

/** The demo accounts' Gmail signature, which emulate alone cannot hold (issue 28). */
describe('the demo Gmail signature', () => {
  let h: Harness
  const sessions = new Map<string, string>()

  const sendAsOf = async (email: string, userId = 'me') => {
    const answer = await fetch(`${h.standIn.url}/gmail/v1/users/${userId}/settings/sendAs`, {
      headers: { authorization: `Bearer ${await accessTokenOf(h, email)}` },
    })
    return { status: answer.status, json: await answer.json() }
  }

  beforeAll(async () => {
    h = await startHarness({ users: [{ ...ALEX }, ADA] })
    for (const { email } of [ALEX, ADA]) sessions.set(email, (await signIn(h, email)).session!)
  })
  afterAll(async () => {
    await h?.close()
  })

  it("answers a demo account's send-as list with its one address, default, and its signature", async () => {
    for (const userId of ['me', encodeURIComponent(ALEX.email)]) {
      const { status, json } = await sendAsOf(ALEX.email, userId)
      expect(status, userId).toBe(200)
      expect(json).toEqual({
        sendAs: [
          {
            sendAsEmail: ALEX.email,
            displayName: ALEX.name,
            replyToAddress: '',
            signature: '<div dir="ltr"><div><b>Alex Morgan</b></div><div>Inkwell demo</div></div>',
            isPrimary: true,
            isDefault: true,
          },
        ],
      })
    }
  })

  it('leaves any other account as emulate has it: its address, no signature', async () => {
    const { status, json } = await sendAsOf(ADA.email)
    expect(status).toBe(200)
    expect(json.sendAs).toEqual([
      expect.objectContaining({ sendAsEmail: ADA.email, isDefault: true, signature: '' }),
    ])
  })

  it('is the signature the app gives a demo user, as HTML and as the text Compose starts with', async () => {
    const signature = await h.call(sessions.get(ALEX.email), 'GET', '/api/gmail/signature')
    expect(signature.statusCode).toBe(200)
    expect(signature.json()).toEqual({
      html: '<div dir="ltr"><div><b>Alex Morgan</b></div><div>Inkwell demo</div></div>',
      text: 'Alex Morgan\nInkwell demo',
      enabled: true,
    })
    const ada = await h.call(sessions.get(ADA.email), 'GET', '/api/gmail/signature')
    expect(ada.json().html).toBe('')
  })
})
