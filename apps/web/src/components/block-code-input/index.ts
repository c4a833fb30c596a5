export {
  BlockCodeInput,
  blockSizes,
  splitIntoBlocks,
  type BlockCodeInputHandle,
  type BlockCodeInputProps,
} from './block-code-input';
