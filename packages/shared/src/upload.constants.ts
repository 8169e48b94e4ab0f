/**
 * Uploads and files (§3 uploaded file, §4 upload states, §5 upload rules, §7 upload call, §8 upload errors).
 * Zod-free: the web's upload components and the server's file module read the same texts and limits.
 */

/** §7: POST multipart (field `file`, optional `biz`); files are read back from GET `<static>/<path>`. */
export const UPLOAD_API = {
  upload: '/sys/common/upload',
  static: '/sys/common/static',
} as const;

/** §7: `biz` defaults to ftl in the grid and the popup, temp in the generic upload. */
export const UPLOAD_BIZ = { grid: 'ftl', popup: 'ftl', generic: 'temp' } as const;
/** What `biz` may be: it becomes the first folder of the stored path, so it is a plain name. */
export const UPLOAD_BIZ_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** §5/§9: image upload accepts these extensions (and their image/* types), at most 10485760 bytes. */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const UPLOAD_LIMITS = {
  imageMaxBytes: 10_485_760,
  /** The server's default for any other file (UPLOAD_MAX_BYTES overrides it). */
  fileMaxBytes: 10_485_760,
  /** §5: the classified-information warning is shown for 5 s, at most once every 5000 ms. */
  secretWarningSeconds: 5,
  secretWarningIntervalMs: 5000,
  /** §9: the upload popup is 520 wide. */
  popupWidth: 520,
} as const;

/** §5 and §8, verbatim where the spec gives the text. */
export const UPLOAD_MESSAGES = {
  noFile: '未上传任何文件',
  pdfOnly: '请上传pdf文件',
  imageOnly: '请上传图片',
  /** §5 "请上传…类型的图片", the ellipsis being the accepted types. */
  imageTypes: `请上传${IMAGE_EXTENSIONS.join('、')}类型的图片`,
  imageTooBig: '图片大小超出10MB限制, 请压缩或降低文件质量!',
  done: (file: string) => `${file} 上传成功!`,
  failed: (file: string) => `${file} 上传失败.`,
  errorTitle: '上传出错',
  errorDetail: (message: string) => `错误信息：${message}`,
  unknownError: '未知错误',
  uploadFailed: '上传失败',
  fileUploadFailed: '文件上传失败',
  /** §8: a download that fails or brings nothing. */
  downloadFailed: '文件下载失败',
  /** §8: a download asked for with no file behind it (an empty path). */
  unknownFile: '未知的文件',
  /** §4/§5 image reorder: moving the first image earlier, the last one later. */
  unknownOperation: '未知的操作',
  atLast: '已到最后~',
  /** §5 gives the meaning, not the words: not handling state secrets on a non-classified platform. */
  secretWarning: '本平台为非涉密平台，严禁处理、存储、传输国家秘密信息，请确认上传文件不涉及国家秘密！',
  popupImageTitle: '图片上传',
  popupFileTitle: '文件上传',
  // The server's refusals (not in the spec's catalogue; shown as the server's message).
  executableRefused: '不允许上传可执行文件',
  htmlRefused: '不允许上传网页或脚本文件（文件内容为 HTML/脚本）',
  mismatch: '文件内容与扩展名不符，请上传真实的文件',
  emptyFile: '不能上传空文件',
  fileTooBig: (mb: number) => `文件大小超出${mb}MB限制`,
  badBiz: '业务目录不合法',
  oneFileOnly: '一次只能上传一个文件',
  badPath: '文件路径不合法',
  fileMissing: '文件不存在',
} as const;

/** One stored file, as the upload answers it (§3 uploaded file: id, fileName, filePath, fileSize). */
export interface UploadedFileDto {
  id: string;
  fileName: string;
  /** The path to give `<static>/<path>`; also the envelope's `message` (§7). */
  filePath: string;
  fileSize: number;
  /** The type detected from the content (never the one the browser claimed). */
  mime: string;
  createTime: string;
}
