export { OtpEntry, type OtpEntryProps, type OtpEntryText } from './otp-entry';
export { otpBlockSeconds, useOtpBlock, type OtpBlock } from './use-otp-block';
