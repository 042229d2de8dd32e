// The hourly chart's value axis (hourly-chart.tsx): counts are whole, so are its gridlines.
/** The axis's top: four whole steps of 1, 2 or 5 times a power of ten, at or above the largest count. */
export function axisTop(max: number): number {
  const quarter = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(quarter));
  return 4 * [1, 2, 5, 10].map((m) => m * power).find((step) => step >= quarter)!;
}
