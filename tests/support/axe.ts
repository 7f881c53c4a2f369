import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// axe-core over a page or a part of it, with the WCAG 2.1 A and AA rules: the findings a browser
// test must not have (critical and serious), each as "rule: target" so a failure names the element.

export async function seriousAxeFindings(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
