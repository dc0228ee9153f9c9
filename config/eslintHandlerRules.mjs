// The `no-restricted-syntax` entries that keep mini-program handlers from coming and going; used
// by eslint.config.mjs and checked by test/unit/eslintHandlerRules.test.ts.
/** Handlers that come and go, which Taro's mini-program runtime cannot remove (issue 10). */
export const handlerRules = [
  {
    selector:
      'JSXOpeningElement[name.name=/^(View|Text|Image|Button|Input|Textarea|ScrollView|Swiper|SwiperItem|Navigator|Label|Form|Picker|Switch|Slider|Checkbox|Radio|RichText|Video|Audio|Canvas|WebView)$/] > JSXAttribute[name.name=/^on[A-Z]/] > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression)',
    message:
      'Keep one handler on the element and decide inside it: a handler that goes away crashes Taro in the mini-program.',
  },
  {
    selector: 'ConditionalExpression > JSXFragment',
    message:
      'Give the fragment a key (<Fragment key="...">): unkeyed, React reuses the other branch\'s element and removes its handler, which crashes Taro in the mini-program.',
  },
]
