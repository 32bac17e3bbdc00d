import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { DeleteAccountInputSchema } from '../../../contract/account.js'
import { OnboardingStateSchema, OnboardingUpdateSchema } from '../../../contract/auth.js'
import { UpdateUserSettingsSchema, UserSettingsSchema } from '../../../contract/settings.js'
import { clearSessionCookie, requireUser } from '../auth/session.js'
import type { AccountService } from './service.js'

export type AccountRoutesDeps = { account: AccountService }

/** `inkwell-export-YYYY-MM-DD.json`, dated in UTC. */
export function exportFileName(now: Date): string {
  return `inkwell-export-${now.toISOString().slice(0, 10)}.json`
}

export async function accountRoutes(app: FastifyInstance, { account }: AccountRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // onRequest, not preHandler: a caller without a session gets 401 before any body is parsed.
  const onRequest = app.authenticate

  r.get(
    '/api/user/settings',
    { onRequest, schema: { response: { 200: UserSettingsSchema } } },
    async (request) => account.getSettings(requireUser(request).id),
  )

  r.put(
    '/api/user/settings',
    {
      onRequest,
      schema: { body: UpdateUserSettingsSchema, response: { 200: UserSettingsSchema } },
    },
    async (request) => account.updateSettings(requireUser(request).id, request.body),
  )

  r.patch(
    '/api/user/onboarding',
    {
      onRequest,
      schema: { body: OnboardingUpdateSchema, response: { 200: OnboardingStateSchema } },
    },
    async (request) => account.markOnboarding(requireUser(request).id, request.body),
  )

  r.get('/api/user/export', { onRequest }, async (request, reply) => {
    const now = new Date()
    const data = await account.exportData(requireUser(request), now)
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2))
  })

  r.delete(
    '/api/user',
    { onRequest, schema: { body: DeleteAccountInputSchema } },
    async (request, reply) => {
      await account.deleteAccount(requireUser(request))
      request.log.info({ userId: requireUser(request).id }, 'account deleted')
      clearSessionCookie(reply)
      return reply.status(204).send()
    },
  )
}
