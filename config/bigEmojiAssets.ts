import path from 'path'

/**
 * The big emoji images (src/TUIKit/big-emoji, drawn by scripts/draw-big-emoji.mjs, about 86 KB)
 * copied to TUIKit/big-emoji/ in both builds: in the mini-program that folder is the TUIKit
 * subpackage, where the chat page lives (the main package stays within its budget); in H5 a file
 * of the build. src/features/chat/bigEmoji.ts names them by that path.
 */
export function bigEmojiAssets(outputRoot: string): { from: string; to: string }[] {
  return [
    {
      from: path.resolve(__dirname, '..', 'src', 'TUIKit', 'big-emoji'),
      to: path.join(path.resolve(outputRoot), 'TUIKit', 'big-emoji'),
    },
  ]
}
