/** Where SMS codes go. Production wires a real gateway behind this interface. */
export interface SmsSender {
  send(phone: string, message: string): Promise<void>;
}

/** Development sender: the code goes to the server log (the sys_sms_code table keeps it for tests). */
export function createLogSmsSender(log: (msg: string) => void): SmsSender {
  return {
    async send(phone, message) {
      log(`[SMS] ${phone}: ${message}`);
    },
  };
}
