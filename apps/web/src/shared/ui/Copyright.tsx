// A plain element: antd's Typography would add Tooltip and friends to the pages using it, and the login page loads
// no antd at all. The colour and size are antd's colorTextTertiary and fontSizeSM (not changed by the app's theme).
export function Copyright() {
  return (
    <footer style={{ color: 'rgba(0, 0, 0, 0.45)', fontSize: 12, textAlign: 'center' }}>
      Copyright © {new Date().getFullYear()} 全流程数字化采购平台
    </footer>
  );
}
