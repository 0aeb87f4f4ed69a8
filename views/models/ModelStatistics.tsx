import type { StatisticsSectionAnswer } from '../../domain/models';
import { ChartCard } from './ChartCard';

/** Every statistics section (basic, HSL, tone curve, color grading, calibration, crop, detail), each a grid of charts. */
export function ModelStatistics({
  sections,
  onToggleValue,
}: {
  sections: readonly StatisticsSectionAnswer[];
  onToggleValue: (parameter: string, value: number) => void;
}) {
  return (
    <section aria-labelledby="model-statistics" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="model-statistics" className="text-xs font-semibold tracking-wide text-muted uppercase">
          Statistics
        </h2>
        <nav aria-label="Statistics sections" className="flex flex-wrap gap-2 text-xs">
          {sections.map((section) => (
            <a key={section.key} href={`#section-${section.key}`} className="text-accent hover:underline">
              {section.label}
            </a>
          ))}
        </nav>
      </div>
      {sections.map((section) => (
        <section
          key={section.key}
          id={`section-${section.key}`}
          aria-labelledby={`heading-${section.key}`}
          className="scroll-mt-4"
        >
          <h3 id={`heading-${section.key}`} className="mb-2 text-sm font-semibold text-fg">
            {section.label}
          </h3>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] gap-2">
            {section.charts.map((chart) => (
              <ChartCard key={chart.key} chart={chart} onToggleValue={onToggleValue} />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}
