/**
 * The AI dialogs' validation, with the product spec's messages word for word; null when all is well.
 * Plain functions, so the rules are tested without rendering.
 */

/** Smart reply: Send Reply and Edit in Compose need text that is not blank. */
export function replyTextProblem(text: string): string | null {
  return text.trim() === '' ? 'The reply is empty' : null
}

/** Compose's Write with AI: a selected contact, then a description or a template to start from. */
export function writeWithAiProblem(input: {
  contactSelected: boolean
  description: string
  templateChosen?: boolean
}): { title: string } | null {
  if (!input.contactSelected) return { title: 'Please select a contact first' }
  if (input.description.trim() === '' && !input.templateChosen) {
    return { title: 'Please describe what you want to write' }
  }
  return null
}
