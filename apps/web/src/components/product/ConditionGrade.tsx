import { conditionGrade } from '@courtside/shop';

/**
 * A condition's grade in its one colour (packages/shop condition.ts), everywhere a condition
 * shows: the pill of the product page's condition card, and the dot beside "n/10" on product
 * cards and the condition filter.
 */
export function ConditionBadge({ condition }: { condition: number }) {
  const grade = conditionGrade(condition);
  return (
    <span
      data-grade={grade.id}
      style={{ backgroundColor: grade.colour }}
      className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold whitespace-nowrap text-white"
    >
      {condition}/10 · {grade.label}
    </span>
  );
}

/** The grade's colour as a small dot beside the "n/10" it stands for; its name as a tooltip. */
export function GradeDot({ condition }: { condition: number }) {
  const grade = conditionGrade(condition);
  return (
    <span
      data-grade={grade.id}
      title={grade.label}
      aria-hidden="true"
      style={{ backgroundColor: grade.colour }}
      className="inline-block size-2 shrink-0 rounded-full"
    />
  );
}
