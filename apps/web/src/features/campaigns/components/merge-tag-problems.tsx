import type { MergeTagProblem } from '@postlark/shared/campaigns';

/** Where a problem is, when the server could tell. */
export function problemText(problem: MergeTagProblem): string {
  if (problem.line === null) return problem.message;
  return `${problem.message} (line ${problem.line}${problem.column === null ? '' : `, column ${problem.column}`})`;
}

/** A field's merge-tag problems, under it, before anything is sent. */
export function MergeTagProblems({ id, problems }: { id: string; problems: readonly MergeTagProblem[] | undefined }) {
  if (!problems || problems.length === 0) return null;
  return (
    <ul id={id} className="merge-problems" aria-label="Merge tag problems">
      {problems.map((problem, index) => (
        <li key={index}>{problemText(problem)}</li>
      ))}
    </ul>
  );
}
