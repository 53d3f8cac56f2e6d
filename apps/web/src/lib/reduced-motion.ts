/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): antd's transitions and the charts' drawing
 * animation are then left out. Read once per drawing; a change of the setting applies from the next page.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
