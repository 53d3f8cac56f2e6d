import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface StatCardProps {
  title: string;
  /** The figure(s): one line each (e.g. containers, then TEU). */
  lines: readonly ReactNode[];
  /** The same period last year and the growth, in small type under the figures. */
  compare?: string;
  active: boolean;
  onClick: () => void;
  color?: string;
  icon?: ReactNode;
}

/** A clickable summary card: the chosen one drives the charts and the table (spec 02 §2.3–2.6). */
export function StatCard({ title, lines, compare, active, onClick, color = '#0b63b6', icon }: StatCardProps) {
  return (
    <Card
      size="small"
      hoverable
      role="button"
      tabIndex={0}
      aria-pressed={active}
      aria-label={title}
      onClick={onClick}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onClick();
        }
      }}
      style={{
        borderColor: active ? color : undefined,
        boxShadow: active ? `0 0 0 2px ${color}33` : undefined,
        borderTop: `4px solid ${color}`,
        height: '100%',
        cursor: 'pointer',
      }}
    >
      <Typography.Text type="secondary" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        {icon}
        {title}
      </Typography.Text>
      {lines.map((line, i) => (
        <Typography.Title
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed per card
          key={i}
          level={i === 0 ? 4 : 5}
          style={{ margin: i === 0 ? '4px 0 0' : 0, color: i === 0 ? color : undefined }}
        >
          {line}
        </Typography.Title>
      ))}
      {compare && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-testid="stats-last-year">
          {compare}
        </Typography.Text>
      )}
    </Card>
  );
}
