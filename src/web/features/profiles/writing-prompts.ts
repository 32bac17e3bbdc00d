/** The spec's six writing-sample prompts: each inserts a starter to write on from. */
export const WRITING_PROMPTS = [
  {
    label: 'Follow-up after meeting',
    starter:
      'Hi Jordan,\n\nThank you for taking the time to meet with me today. I wanted to follow up on what we discussed and confirm the next steps:\n\n',
  },
  {
    label: 'Thank you to colleague',
    starter:
      'Hi Priya,\n\nI just wanted to say a big thank you for your help this week. Your support made a real difference, and ',
  },
  {
    label: 'Request information',
    starter: 'Hello,\n\nI hope you are well. Could you please send me some more information about ',
  },
  {
    label: 'Project update',
    starter:
      'Hi team,\n\nHere is a quick update on where the project stands this week. So far we have ',
  },
  {
    label: 'Apology for delay',
    starter:
      'Hi Sam,\n\nI am sorry for the delay in getting back to you. Things have been busier than expected, and ',
  },
  {
    label: 'Congratulatory message',
    starter:
      'Dear Alex,\n\nCongratulations on your well-deserved success! I was delighted to hear that ',
  },
] as const

/** Puts a starter into the sample: replaces an empty sample, otherwise goes after it. */
export function insertStarter(sample: string, starter: string): string {
  return sample.trim() === '' ? starter : `${sample.trimEnd()}\n\n${starter}`
}
