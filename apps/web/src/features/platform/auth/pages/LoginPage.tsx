import type { LoginResult } from '@aps/shared';
import { HUMAN_PROOF, thirdLoginProviderName } from '@aps/shared/constants';
import {
  type ChangeEvent,
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EARLY_SUBMIT_PROPERTY, type EarlySubmitForm } from '../../../../app/prerendered.ts';
import type { HttpError } from '../../../../shared/http.ts';
import { Copyright } from '../../../../shared/ui/Copyright.tsx';
import { Logo } from '../../../../shared/ui/Logo.tsx';
import { PlainButton } from '../../../../shared/ui/PlainButton.tsx';
import { PlainIcon } from '../../../../shared/ui/PlainIcon.tsx';
import { bindThirdAccount, casValidateLogin, issueSliderProof, login, thirdLoginUser } from '../api.ts';
import { ThirdBindNotice, ThirdLoginLinks } from '../components/ThirdLogin.tsx';
import { LOGIN_PATH, safeRedirect, saveSession } from '../session.ts';

type Field = 'username' | 'password';

// The slider (and antd, which it is drawn with) loads only when the server asks for it after failed attempts.
const DragVerify = lazy(() =>
  import('../../../../shared/controls/DragVerify.tsx').then((m) => ({ default: m.DragVerify })),
);
const SLIDER_MISSING = '请拖动滑块完成验证';
// 手机号登录 (issue 18 §2) brings antd along, so it loads only when its tab is chosen.
const PhoneLoginForm = lazy(() => import('../components/PhoneLoginForm.tsx'));
type LoginTab = 'account' | 'phone';
const TABS: { key: LoginTab; label: string }[] = [
  { key: 'account', label: '账号密码登录' },
  { key: 'phone', label: '手机号登录' },
];

/** The CAS service URL of this page: where the CAS server sent the browser back, without its ticket. */
function casService(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('ticket');
  return url.toString();
}

/** The form's rules (§5): a user name that is not only blanks, and a password. */
const RULES: Record<Field, (value: string) => string | null> = {
  username: (value) => (value.trim() === '' ? '请输入用户名' : null),
  password: (value) => (value === '' ? '请输入密码' : null),
};

const ERROR_TOAST_KEY = 'aps-login-error';
let errorShown = false;

/** The server's message, as a toast; antd's message code loads with the first one. */
function showError(text: string): void {
  errorShown = true;
  void import('antd/es/message').then(({ default: message }) => {
    message.error({ key: ERROR_TOAST_KEY, content: text });
  });
}

/** A success toast (the binding of a third-party account); it stays while the workspace loads. */
function showSuccess(text: string): void {
  void import('antd/es/message').then(({ default: message }) => {
    message.success(text);
  });
}

/** A failed try's toast must not follow the user into the workspace after the next try succeeds (§7 walk). */
function dismissError(): void {
  if (!errorShown) return;
  errorShown = false;
  void import('antd/es/message').then(({ default: message }) => {
    message.destroy(ERROR_TOAST_KEY);
  });
}

const ICON_STYLE = { color: 'rgba(0, 0, 0, 0.45)' };

/** A labelled field of the vertical form, its error (§5 messages) underneath, as antd's Form.Item lays it out. */
function FormItem({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="aps-form-item">
      <div className="aps-form-item-label">
        <label htmlFor={id} title={label}>
          {label}
        </label>
      </div>
      <div className="aps-form-item-control">{children}</div>
      {error && (
        <>
          <div className="aps-form-item-help">
            <div id={`${id}_help`} className="aps-form-item-error">
              {error}
            </div>
          </div>
          {/* The message takes the place of the item's bottom margin (margins collapse as in antd's Form.Item). */}
          <div style={{ marginBottom: -24 }} />
        </>
      )}
    </div>
  );
}

// The first page anyone loads, drawn without antd (whose core alone would double the JS of this page): the form,
// inputs and button are plain elements with antd's look (shared/ui/plain.css), the card a styled <section>.
export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<Field, string | null>>({ username: null, password: null });
  const [pending, setPending] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  // After failed attempts the server wants a human proof (HTTP 428): the slider shows, and each login sends the
  // single-use proof fetched when the slider was passed. `sliderRound` redraws the slider for a fresh proof.
  const [proofNeeded, setProofNeeded] = useState(false);
  const [checkKey, setCheckKey] = useState<string | null>(null);
  const [sliderRound, setSliderRound] = useState(0);
  const [sliderError, setSliderError] = useState<string | null>(null);
  const [tab, setTab] = useState<LoginTab>('account');
  // Back from the CAS server with a ticket (…/user/login?ticket=ST-…): the server validates it and signs in.
  const [casPending, setCasPending] = useState(false);
  // Back from a third-party provider: `thirdToken` signs in at once; `thirdBind` is an identity bound to nobody,
  // which the next sign-in on this page binds. Both are read after hydration (the pre-rendered page has neither).
  const [thirdPending, setThirdPending] = useState(false);
  const [bindKey, setBindKey] = useState<string | null>(null);
  const thirdType = searchParams.get('thirdType') ?? '';
  const redirect = searchParams.get('redirect');
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const accountForm = useRef<EarlySubmitForm>(null);
  const [earlySubmit, setEarlySubmit] = useState(false);

  // The page arrives pre-rendered in the HTML (app/prerender.tsx): what was typed (or autofilled) before the script
  // took the form over is in the inputs, not in the state. Adopt it, or submitting would ask for a visible value.
  // A press on 登录 in that time was held by the HTML's submit guard: it is made once the typed values are adopted.
  useLayoutEffect(() => {
    const typed = { username: usernameInput.current?.value ?? '', password: passwordInput.current?.value ?? '' };
    if (typed.username !== '' || typed.password !== '') setValues(typed);
    const form = accountForm.current;
    if (!form) return;
    if (form[EARLY_SUBMIT_PROPERTY] === true) setEarlySubmit(true);
    form[EARLY_SUBMIT_PROPERTY] = false;
  }, []);
  useEffect(() => {
    if (!earlySubmit) return;
    setEarlySubmit(false);
    accountForm.current?.requestSubmit();
  }, [earlySubmit]);

  const signedIn = (result: LoginResult) => {
    dismissError();
    saveSession(result);
    const enter = () => navigate(safeRedirect(redirect), { replace: true });
    if (!bindKey) {
      enter();
      return;
    }
    // Signed in with an existing account after coming back from a provider: bind the identity to it, then enter
    // (the sign-in stands even when the binding fails; the message says why).
    const name = thirdLoginProviderName(thirdType);
    bindThirdAccount(bindKey)
      .then(
        () => showSuccess(`${name}账号绑定成功，下次可直接使用${name}登录`),
        (error: HttpError) => showError(`${name}账号绑定失败：${error.message}`),
      )
      .finally(enter);
  };

  const thirdToken = searchParams.get('thirdToken');
  // biome-ignore lint/correctness/useExhaustiveDependencies: one exchange per token; signedIn is a fresh closure.
  useEffect(() => {
    if (!thirdToken) return;
    setThirdPending(true);
    thirdLoginUser(thirdToken, thirdType).then(signedIn, (error: HttpError) => {
      setThirdPending(false);
      showError(error.message);
      navigate(LOGIN_PATH, { replace: true });
    });
  }, [thirdToken]);
  const thirdBind = searchParams.get('thirdBind');
  useEffect(() => setBindKey(thirdBind), [thirdBind]);
  const cancelBind = () => {
    const rest = new URLSearchParams(searchParams);
    for (const key of ['thirdBind', 'thirdType']) rest.delete(key);
    navigate(rest.size > 0 ? `${LOGIN_PATH}?${rest}` : LOGIN_PATH, { replace: true });
  };

  const ticket = searchParams.get('ticket');
  // biome-ignore lint/correctness/useExhaustiveDependencies: one validation per ticket; signedIn is a fresh closure.
  useEffect(() => {
    if (!ticket) return;
    setCasPending(true);
    casValidateLogin(ticket, casService()).then(signedIn, (error: HttpError) => {
      setCasPending(false);
      showError(error.message);
      navigate(LOGIN_PATH, { replace: true });
    });
  }, [ticket]);

  // Each field is checked as it changes, and all of them on submit (antd Form's default triggers).
  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: RULES[field](value) }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = { username: RULES.username(values.username), password: RULES.password(values.password) };
    setErrors(found);
    if (found.username || found.password) return;
    if (proofNeeded && !checkKey) {
      setSliderError(SLIDER_MISSING);
      return;
    }
    setPending(true);
    const proof = checkKey ? { captcha: HUMAN_PROOF.sliderCaptcha, checkKey } : {};
    login({ username: values.username.trim(), password: values.password, ...proof }).then(
      (result) => {
        setPending(false);
        signedIn(result);
      },
      (error: HttpError) => {
        // The server's message is already written for users. The form is usable again at once, not only when the
        // toast has gone.
        setPending(false);
        if (error.status === HUMAN_PROOF.status) setProofNeeded(true);
        if (checkKey || error.status === HUMAN_PROOF.status) {
          // A proof admits one attempt: the next one needs the slider again.
          setCheckKey(null);
          setSliderRound((n) => n + 1);
        }
        showError(error.message);
      },
    );
  };

  const inputClass = (field: Field) =>
    ['aps-input', errors[field] && 'aps-input-error', pending && 'aps-input-disabled'].filter(Boolean).join(' ');
  const invalid = (field: Field) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `login_${field}_help` } : {};
  const sliderPassed = () => {
    setSliderError(null);
    issueSliderProof().then(
      (result) => setCheckKey(result.checkKey),
      (error: Error) => {
        showError(error.message);
        setSliderRound((n) => n + 1);
      },
    );
  };
  const togglePassword = () => {
    if (!pending) setPasswordVisible((visible) => !visible);
  };

  return (
    <main
      style={{
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 32,
        padding: '48px 16px 24px',
        boxSizing: 'border-box',
        background:
          'radial-gradient(circle at 12% 8%, rgba(39,139,247,0.16), transparent 42%), ' +
          'radial-gradient(circle at 88% 92%, rgba(39,139,247,0.12), transparent 40%), #f0f4fa',
      }}
    >
      <section
        aria-labelledby="login-title"
        style={{
          width: '100%',
          maxWidth: 400,
          boxSizing: 'border-box',
          padding: '40px 40px 32px',
          background: '#ffffff',
          borderRadius: 12,
          boxShadow: '0 12px 32px rgba(22, 65, 120, 0.10)',
        }}
      >
        <header style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, marginBottom: 28 }}>
          <Logo size={52} />
          <h1
            id="login-title"
            style={{ margin: 0, fontSize: 24, fontWeight: 600, letterSpacing: 1, color: 'rgba(0, 0, 0, 0.88)' }}
          >
            全流程数字化采购平台
          </h1>
          <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.65)' }}>阳光采购 · 全程留痕 · 高效协同</p>
        </header>
        {bindKey && <ThirdBindNotice thirdType={thirdType} onCancel={cancelBind} />}
        <div role="tablist" aria-label="登录方式" className="aps-login-tabs">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`login-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls={`login-panel-${t.key}`}
              className={tab === t.key ? 'aps-login-tab aps-login-tab-active' : 'aps-login-tab'}
              onClick={() => setTab(t.key)}
            >
              {t.label}
            </button>
          ))}
        </div>
        {casPending && (
          <p role="status" style={{ textAlign: 'center', color: 'rgba(0, 0, 0, 0.65)' }}>
            正在通过统一认证（CAS）登录…
          </p>
        )}
        {thirdPending && (
          <p role="status" style={{ textAlign: 'center', color: 'rgba(0, 0, 0, 0.65)' }}>
            正在通过{thirdLoginProviderName(thirdType)}登录…
          </p>
        )}
        {tab === 'phone' && (
          <div role="tabpanel" id="login-panel-phone" aria-labelledby="login-tab-phone">
            <Suspense fallback={<div style={{ height: 260 }} />}>
              <PhoneLoginForm onSignedIn={signedIn} />
            </Suspense>
          </div>
        )}
        <form
          ref={accountForm}
          id="login"
          className="aps-form"
          noValidate
          onSubmit={submit}
          role="tabpanel"
          aria-labelledby="login-tab-account"
          hidden={tab !== 'account'}
        >
          <FormItem id="login_username" label="用户名" error={errors.username}>
            <span className={inputClass('username')}>
              <span className="aps-input-prefix">
                <PlainIcon name="user" style={ICON_STYLE} />
              </span>
              <input
                ref={usernameInput}
                id="login_username"
                type="text"
                placeholder="请输入用户名"
                autoComplete="username"
                // biome-ignore lint/a11y/noAutofocus: the page exists to type a user name into this field.
                autoFocus
                aria-required="true"
                {...invalid('username')}
                value={values.username}
                disabled={pending}
                onChange={change('username')}
              />
            </span>
          </FormItem>
          <FormItem id="login_password" label="密码" error={errors.password}>
            <span className={inputClass('password')}>
              <span className="aps-input-prefix">
                <PlainIcon name="lock" style={ICON_STYLE} />
              </span>
              <input
                ref={passwordInput}
                id="login_password"
                type={passwordVisible ? 'text' : 'password'}
                placeholder="请输入密码"
                autoComplete="current-password"
                aria-required="true"
                {...invalid('password')}
                value={values.password}
                disabled={pending}
                onChange={change('password')}
              />
              <span className="aps-input-suffix">
                {/* biome-ignore lint/a11y/useSemanticElements: antd's Input.Password toggle, same markup and keys. */}
                <span
                  role="button"
                  tabIndex={pending ? -1 : 0}
                  className="aps-password-icon"
                  aria-disabled={pending}
                  aria-pressed={passwordVisible}
                  aria-label={passwordVisible ? '隐藏' : '显示'}
                  // Keep the focus (and the caret) in the input.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseUp={(event) => event.preventDefault()}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      if (!event.repeat) togglePassword();
                    }
                  }}
                  onClick={togglePassword}
                >
                  <PlainIcon name={passwordVisible ? 'eye' : 'eye-invisible'} />
                </span>
              </span>
            </span>
          </FormItem>
          {proofNeeded && (
            <div className="aps-form-item">
              <div className="aps-form-item-control">
                <Suspense fallback={<div style={{ height: 40 }} />}>
                  <DragVerify key={sliderRound} width={320} onPass={sliderPassed} />
                </Suspense>
              </div>
              {sliderError && (
                <div className="aps-form-item-help">
                  <div className="aps-form-item-error" role="alert">
                    {sliderError}
                  </div>
                </div>
              )}
            </div>
          )}
          <div style={{ marginTop: 8 }}>
            <PlainButton htmlType="submit" size="large" block loading={pending} disabled={pending}>
              登录
            </PlainButton>
          </div>
        </form>
        {!bindKey && <ThirdLoginLinks redirect={redirect && safeRedirect(redirect) === redirect ? redirect : null} />}
      </section>
      <Copyright />
    </main>
  );
}
