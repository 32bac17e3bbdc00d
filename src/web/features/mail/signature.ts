/**
 * The Gmail signature in plain text, placed as Gmail places it: below the text, above a
 * reply's quote, after the conventional delimiter line "-- " (dash, dash, space), so mail
 * programs can tell it from the message. A new message starts "\n\n-- \n<signature>".
 */
export const SIGNATURE_DELIMITER = '-- '

/** The signature's block: the delimiter line, then the text. */
export const signatureBlock = (text: string) => `${SIGNATURE_DELIMITER}\n${text.trimEnd()}`

/** Where the signature's delimiter line starts in `body`, or -1. */
export function signatureAt(body: string): number {
  if (body.startsWith(`${SIGNATURE_DELIMITER}\n`)) return 0
  const at = body.indexOf(`\n${SIGNATURE_DELIMITER}\n`)
  return at === -1 ? -1 : at + 1
}
