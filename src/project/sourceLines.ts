// A file's lines as findings quote them in their code frames: the text split at every line end (\r\n, \r or \n).

export function sourceLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
