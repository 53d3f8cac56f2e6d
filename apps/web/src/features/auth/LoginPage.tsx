import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { session } from '../../lib/session';
import { siteName } from '../../lib/site-title';
import { type LoginInput, useLogin } from './api';

/** Only a path inside the portal may be the target after login (no open redirect). */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) return '/';
  return next;
}

// Plain elements where antd's Card and Typography would add ~35 KB gzip to the first screen (issue 15).
const card = {
  width: '100%',
  maxWidth: 400,
  padding: 24,
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 6px 16px rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12)',
} as const;
const heading = { fontWeight: 600, lineHeight: 1.35, margin: '0 0 8px' } as const;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(params.get('expired') ? t('login.sessionExpired') : null);
  const login = useLogin();

  useEffect(() => {
    document.title = `${t('login.title')} - ${siteName()}`;
  }, [t]);

  const submit = async (values: LoginInput) => {
    setError(null);
    try {
      const reply = await login.mutateAsync(values);
      if (!reply.success || !reply.payload) throw new Error(reply.message ?? t('login.sessionExpired'));
      session.save(reply.payload);
      // After a login the user data and the menus are loaded again (spec 01 §2).
      queryClient.clear();
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(135deg,#0b4f8a 0%,#1677ff 100%)' }}
    >
      <main style={card}>
        <h2 style={{ ...heading, fontSize: 30, color: '#0b4f8a', marginBottom: 0, textAlign: 'center' }}>{t('app.name')}</h2>
        <p style={{ color: 'rgba(0,0,0,0.45)', textAlign: 'center', margin: '0 0 16px' }}>{t('app.tagline')}</p>
        <h4 style={{ ...heading, fontSize: 20, color: 'rgba(0,0,0,0.88)' }}>{t('login.title')}</h4>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form<LoginInput> layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false} disabled={login.isPending}>
          <Form.Item
            label={t('login.userId')}
            name="UserID"
            rules={[{ required: true, whitespace: true, message: t('login.userIdRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={50} />
          </Form.Item>
          <Form.Item label={t('login.password')} name="Password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={200} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
        <Flex justify="center" gap={16} style={{ marginTop: 16 }}>
          <a href="/Privacy-Policy.html">{t('login.privacy')}</a>
          <a href="/Term-and-Conditions.html">{t('login.terms')}</a>
        </Flex>
      </main>
    </Flex>
  );
}
