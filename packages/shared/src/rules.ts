/** §5 validation rules: one pattern and one message each, used by forms and by the server. */
export const RULES = {
  mobile: { pattern: /^1[34578]\d{9}$/, required: '请输入手机号', message: '请输入正确手机号' },
  username: {
    pattern: /^[A-Za-z0-9_]+$/,
    required: '请输入用户名',
    message: '只允许字母、数字、下划线',
    min: 4,
    max: 18,
    lengthMessage: '用户名长度为6到18位',
  },
  email: { pattern: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, message: '邮箱格式不正确' },
  naturalNumber: { pattern: /^\d+$/, message: '请输入自然数' },
  english: { pattern: /^[A-Za-z]+$/, message: '请输入英文字符' },
  landline: { pattern: /^(\d{3,4}-)?\d{7,8}$/, message: '请输入正确的座机号' },
  bankCard: { pattern: /^[1-9]\d{9,19}$/, message: '请输入正确的银行卡号码' },
  certificateNo: { pattern: /^[A-Za-z0-9]{1,50}$/, message: '请输入正确的证件号码' },
  idCard: { pattern: /^(\d{15}|\d{17}[\dXx])$/, message: '请输入正确的身份证号码' },
  qq: { pattern: /^\d{5,12}$/, message: '请输入正确的QQ号码' },
  url: { pattern: /^https?:\/\/.+/, message: '请输入以http和https开头的网址' },
  alnum20: { pattern: /^[A-Za-z0-9]{1,20}$/, message: '请输入20位以内的英文字符和数字' },
  nameWithSpaces: { pattern: /^[A-Za-z\u4e00-\u9fa5 ]{2,100}$/, message: '请输入2到100位的中英文字符和空格' },
  digitsAndNewlines: { pattern: /^[\d\n]+$/, message: '请输入数字和换行符' },
  max255: { pattern: /^[\s\S]{0,255}$/, message: '请输入255位以内的字符' },
} as const;

export const minLengthMessage = (n: number) => `最小长度${n}位字符`;
export const maxLengthMessage = (n: number) => `最大长度${n}位字符`;
export const minSelectMessage = (n: number) => `最少选择${n}项`;
export const maxSelectMessage = (n: number) => `最多选择${n}项`;

/**
 * §5 checkbox group: a required array with at least `min` and at most `max` ticked values (an array, or the
 * comma-joined string the controls emit). The message, or null when the count is within bounds.
 */
export function checkedCountError(
  value: readonly string[] | string | null | undefined,
  bounds: { min?: number; max?: number },
): string | null {
  const count = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []).filter(
    (v) => v !== '',
  ).length;
  if (bounds.min !== undefined && count < bounds.min) return minSelectMessage(bounds.min);
  if (bounds.max !== undefined && count > bounds.max) return maxSelectMessage(bounds.max);
  return null;
}

/** A new password must be at least 8 characters mixing letters and digits (our policy; the spec sets none). */
export const PASSWORD_POLICY = {
  pattern: /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/,
  message: '密码至少8位，且须同时包含字母和数字',
} as const;
