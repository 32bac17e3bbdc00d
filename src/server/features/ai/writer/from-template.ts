/**
 * The offline writer's e-mail from a template (decision 051). It has no way to reword a text it
 * did not write, so it gives the template as the service filled it for the contact (a built-in
 * one already in the contact's language), under its subject, and says so when the user also
 * asked for something it leaves out.
 */
import { SUBJECT_LINE_PREFIX } from '../prompt.js'
import type { WriterInput, Written } from './input.js'

const CONNECT = 'Connect an AI model in Settings (see the README) to have it adapted.'

/** Brace pairs left over (a variable the service did not know) are gaps, never pasted. */
const LEFT_VARIABLE = /[ \t]*\{\{\s*[A-Za-z]+\s*\}\}/g

export function writeFromTemplate(input: WriterInput, template: string): Written {
  const body = template.replace(LEFT_VARIABLE, '').trim()
  const subject = input.subject?.trim() || body.split('\n')[0]!.slice(0, 78)
  const request = input.request?.replace(/\s+/g, ' ').trim()
  const notice = request
    ? `The offline writer used the template as it is and could not work “${request.length > 90 ? `${request.slice(0, 89)}…` : request}” into it. ${CONNECT}`
    : null
  return { text: `${SUBJECT_LINE_PREFIX}${subject}\n\n${body}`, notice }
}
