/** Plain text as paragraphs: split on new lines, blank ones dropped (shown as text, never markup). */
export const paragraphs = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
