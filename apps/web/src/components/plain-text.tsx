import type { CSSProperties, ReactNode } from 'react';

// antd's Typography brings its editable mode and with it antd's TextArea (~17 KB gzip together); the signed-in frame and
// the home page only show static texts, so they draw them as Typography does, with antd 6's default theme values
// (colorText, colorTextDescription, fontWeightStrong, fontSizeHeading3/5, lineHeightHeading3/5, titleMarginBottom),
// without loading it (less JavaScript per route).
const text: CSSProperties = { color: 'rgba(0, 0, 0, 0.88)', wordBreak: 'break-word', lineHeight: 1.5714285714285714 };
const headings = {
  3: { fontSize: 24, lineHeight: 1.3333333333333333 },
  5: { fontSize: 16, lineHeight: 1.5 },
} as const;

/** `Typography.Title` of level 3 or 5. */
export function PlainTitle({ level, style, children }: { level: 3 | 5; style?: CSSProperties; children: ReactNode }) {
  const Heading = level === 3 ? 'h3' : 'h5';
  return (
    <Heading className="ant-typography" style={{ ...text, marginBottom: '0.5em', fontWeight: 600, ...headings[level], ...style }}>
      {children}
    </Heading>
  );
}

/** `Typography.Paragraph`. */
export function PlainParagraph({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  return (
    <div className="ant-typography" style={{ ...text, marginBottom: '1em', ...style }}>
      {children}
    </div>
  );
}

/** `Typography.Text`, plain, `type="secondary"` or `strong`. */
export function PlainText({
  secondary,
  strong,
  children,
  ...rest
}: {
  secondary?: boolean;
  strong?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <span
      className={secondary ? 'ant-typography ant-typography-secondary' : 'ant-typography'}
      style={{ ...text, ...(secondary ? { color: 'rgba(0, 0, 0, 0.45)' } : {}) }}
      {...rest}
    >
      {strong ? <strong style={{ fontWeight: 600 }}>{children}</strong> : children}
    </span>
  );
}
