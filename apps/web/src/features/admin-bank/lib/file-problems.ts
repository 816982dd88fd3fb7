// A statement the server refused (422): each problem under its line and column, as its errors
// map keys them ("line 7: Transaction Date", "line 9", "file"), gathered by line.

export interface LineProblems {
  /** The file's line, counted as a spreadsheet counts its rows (the header is line 1). */
  line: number;
  problems: { column: string | null; message: string }[];
}

export interface FileProblems {
  /** What is said of the whole file or of the column choices. */
  general: string[];
  lines: LineProblems[];
}

const LINE_KEY = /^line (\d+)(?:: (.+))?$/;

export function fileProblemsOf(errors: Record<string, string[]>): FileProblems {
  const general: string[] = [];
  const byLine = new Map<number, LineProblems>();
  for (const [key, messages] of Object.entries(errors)) {
    const m = LINE_KEY.exec(key);
    if (!m) {
      general.push(...messages);
      continue;
    }
    const line = Number(m[1]);
    const entry = byLine.get(line) ?? { line, problems: [] };
    for (const message of messages) entry.problems.push({ column: m[2] ?? null, message });
    byLine.set(line, entry);
  }
  return { general, lines: [...byLine.values()].sort((a, b) => a.line - b.line) };
}
