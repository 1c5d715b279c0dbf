/**
 * The lead's reference (접수 번호): the id's first 8 characters, what every person reads — the founder on the
 * receipt, the status page and every mail, the team in the workspace and its mails, the voice memo's file name
 * (`음성메모-<reference>.webm`). The full id stays in URLs and in the founder's download (issue 47, item 4).
 */
export const leadReference = (id: string) => id.slice(0, 8);
