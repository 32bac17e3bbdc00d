import type { z } from 'zod'
import type { LANGUAGES } from '../../../contract/options.js'
import { fillTemplate, templateValues } from '../../../contract/template-fill.js'
import {
  MAX_TEMPLATES_PER_USER,
  TEMPLATES_PRO_MESSAGE,
  TemplateSchema,
  type Template,
  type TemplateInputSchema,
  type TemplatePatchSchema,
} from '../../../contract/templates.js'
import type { UserRow } from '../../db/schema.js'
import { Conflict, Forbidden, NotFound } from '../../lib/errors.js'
import { isProActive } from '../billing/plan.js'
import { BUILT_IN_TEMPLATES, builtInIn, findBuiltIn } from './built-ins.js'
import type { TemplateRow, TemplatesRepository } from './repository.js'

type Language = (typeof LANGUAGES)[number]
export type TemplateValuesInput = z.output<typeof TemplateInputSchema>
export type TemplatePatchInput = z.output<typeof TemplatePatchSchema>

export type TemplatesServiceDeps = {
  repo: TemplatesRepository
  /** The clock a Pro plan's end is read against; tests set the date. */
  now?: () => Date
}

export function toTemplate(row: TemplateRow): Template {
  // Parsing narrows the language column to the option set and drops the owner id.
  return TemplateSchema.parse({
    id: row.id,
    kind: 'custom',
    key: null,
    name: row.name,
    subject: row.subject,
    body: row.body,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  })
}

/** What "Write with AI" starts from: the template filled for the recipient and the user. */
export type TemplateForWriting = { name: string; subject: string; body: string }

const notFound = (field?: string) =>
  new NotFound(
    field ? `${field}: You have no template with this id` : 'Template not found',
    'template_not_found',
  )

/** Built-in templates for everyone, custom ones for Pro (decision 051). */
export function createTemplatesService({ repo, now = () => new Date() }: TemplatesServiceDeps) {
  /** The built-in template, or one of the user's own; null for anything else. */
  async function findVisible(userId: string, id: string): Promise<Template | null> {
    const builtIn = findBuiltIn(id)
    if (builtIn) return builtIn
    // A custom template's id is a uuid; anything else cannot name a row.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null
    const row = await repo.find(userId, id)
    return row ? toTemplate(row) : null
  }

  return {
    /** 403 naming Pro and where to upgrade, for a user without an active Pro plan. */
    assertCanManage(user: Pick<UserRow, 'plan' | 'proExpiration'>): void {
      if (!isProActive(user, now())) throw new Forbidden(TEMPLATES_PRO_MESSAGE, 'pro_required')
    },

    /**
     * The built-in templates, then the user's own. A user back on Free keeps seeing (and
     * inserting) the templates made while on Pro: they are the user's, and only writing new
     * ones is Pro.
     */
    async list(userId: string): Promise<Template[]> {
      return [...BUILT_IN_TEMPLATES, ...(await repo.list(userId)).map(toTemplate)]
    },

    async create(userId: string, input: TemplateValuesInput): Promise<Template> {
      const row = await repo.insertWithin(userId, input, MAX_TEMPLATES_PER_USER)
      if (!row) {
        throw new Conflict(
          `You have ${MAX_TEMPLATES_PER_USER} templates, the most Inkwell keeps; delete one to add another`,
          'template_limit',
        )
      }
      return toTemplate(row)
    },

    async update(userId: string, id: string, patch: TemplatePatchInput): Promise<Template> {
      const row = await repo.update(userId, id, patch)
      if (!row) throw notFound()
      return toTemplate(row)
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound()
    },

    /**
     * The template "Write with AI" starts from (`templateId`), filled for the recipient and the
     * user; 404 naming the field for an id that is neither built in nor the user's. A built-in
     * template is taken in the recipient's language when it exists in it, so starting from the
     * English follow-up to a Spanish contact starts from the Spanish one.
     */
    async forWriting(
      user: Pick<UserRow, 'id' | 'name'>,
      templateId: string,
      recipient: { name: string | null; language: Language },
    ): Promise<TemplateForWriting> {
      const found = await findVisible(user.id, templateId)
      if (!found) throw notFound('templateId')
      const template =
        (found.kind === 'builtin' && found.key && builtInIn(found.key, recipient.language)) || found
      const values = templateValues(recipient.name, user.name)
      return {
        name: template.name,
        subject: fillTemplate(template.subject, values),
        body: fillTemplate(template.body, values),
      }
    },
  }
}

export type TemplatesService = ReturnType<typeof createTemplatesService>
