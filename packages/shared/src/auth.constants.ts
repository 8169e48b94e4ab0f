/**
 * The server asks for a human proof (the slider) before it checks more passwords or sends an SMS: HTTP 428 with
 * this message. The client shows the slider, fetches a proof (POST /sys/humanProof/slider) and sends it as
 * `checkKey` (with `captcha: 'slider'`).
 */
export const HUMAN_PROOF = {
  status: 428,
  loginMessage: '请拖动滑块完成验证后再登录',
  smsMessage: '请拖动滑块完成验证后再获取验证码',
  sliderCaptcha: 'slider',
} as const;
export interface SliderProofResult {
  checkKey: string;
}
