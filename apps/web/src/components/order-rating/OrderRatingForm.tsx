import type { RatingForm } from '@smartport/contract';
import { Alert, Button, Card, Flex, Form, Input, Rate, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the rater sends: stars per criterion, the note, and the PIN where the page asks for it. */
interface OrderRatingValues {
  Ratings: { QuestionCode: number; Rating: number }[];
  RatingNote: string | null;
  PinCode?: string;
}

interface OrderRatingFormProps {
  form: RatingForm | undefined;
  loading: boolean;
  loadError?: string | null;
  /** The public order page asks the driver for the order's PIN. */
  askPin?: boolean;
  submitting: boolean;
  /** Sends the rating; a refusal is thrown with the server's message, shown in the card. */
  onSubmit: (values: OrderRatingValues) => Promise<unknown>;
}

/**
 * The rating of a completed order (docs/decisions.md 'Customers rate their orders'): 1–5 stars on each active criterion
 * and a note; shown by the order history's detail and by the public order page, each with its own calls.
 */
export function OrderRatingForm({ form, loading, loadError, askPin, submitting, onSubmit }: OrderRatingFormProps) {
  const { t } = useTranslation();
  const [stars, setStars] = useState<Record<number, number>>({});
  const [note, setNote] = useState('');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const body = () => {
    if (loading) return <Spin />;
    if (loadError) return <Alert type="error" showIcon title={t('orderRating.loadFailed', { message: loadError })} />;
    if (!form) return null;
    if (form.Rated) return <Alert type="success" showIcon title={t('orderRating.rated')} data-testid="order-rated" />;
    if (!form.Completed) return <Alert type="info" showIcon title={t('orderRating.notCompleted')} />;
    const send = async () => {
      const missing = form.Criteria.find((c) => !stars[c.QuestionCode]);
      if (missing) return setProblem(t('orderRating.starsRequired', { name: missing.QuestionName }));
      if (askPin && !pin.trim()) return setProblem(t('orderRating.pinRequired'));
      setProblem(null);
      try {
        await onSubmit({
          Ratings: form.Criteria.map((c) => ({ QuestionCode: c.QuestionCode, Rating: stars[c.QuestionCode] as number })),
          RatingNote: note.trim() || null,
          ...(askPin ? { PinCode: pin.trim() } : {}),
        });
      } catch (e) {
        setProblem(e instanceof Error ? e.message : String(e));
      }
    };
    return (
      <Form layout="vertical" onFinish={send}>
        <Typography.Paragraph type="secondary">
          {form.Criteria.length ? t('orderRating.intro') : t('orderRating.noCriteria')}
        </Typography.Paragraph>
        {form.Criteria.map((c) => (
          <Flex key={c.QuestionCode} role="group" aria-label={c.QuestionName} gap={12} align="center" wrap style={{ marginBottom: 8 }}>
            <Typography.Text style={{ minWidth: 220, flex: '1 1 220px' }}>{c.QuestionName}</Typography.Text>
            <Rate value={stars[c.QuestionCode] ?? 0} onChange={(v) => setStars((s) => ({ ...s, [c.QuestionCode]: v }))} />
          </Flex>
        ))}
        <Form.Item label={t('orderRating.note')} htmlFor="order-rating-note" style={{ marginTop: 8 }}>
          <Input.TextArea
            id="order-rating-note"
            value={note}
            maxLength={1000}
            rows={2}
            placeholder={t('orderRating.notePlaceholder')}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
        {askPin && (
          <Form.Item label={t('orderRating.pin')} htmlFor="order-rating-pin">
            <Input
              id="order-rating-pin"
              value={pin}
              maxLength={30}
              autoComplete="off"
              placeholder={t('orderRating.pinPlaceholder')}
              onChange={(e) => setPin(e.target.value)}
              style={{ maxWidth: 240 }}
            />
          </Form.Item>
        )}
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} role="alert" />}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('orderRating.submit')}
        </Button>
      </Form>
    );
  };

  return (
    <Card title={t('orderRating.title')} size="small" style={{ marginTop: 16 }} data-testid="order-rating">
      {body()}
    </Card>
  );
}
