/**
 * The root font size script of the H5 page (index.html's one inline script; the server allows it
 * by its hash in the Content-Security-Policy). Taro's own sizes rem from the document's height as
 * well as its width, and before the page has content that height is tiny: the first layout used
 * the smallest size and everything moved when a resize put it right (a layout shift on every
 * load). This one sizes from the viewport: rootValue px per designWidth px of the narrower side,
 * within [min, max] px, the same figures as Taro's pxtransform (designWidth 750, rootValue 40).
 */
export function remScript(designWidth = 750, rootValue = 40, min = 20, max = 40): string {
  return (
    '!function(n){var d=n.document.documentElement;function f(){' +
    'var w=Math.min(n.innerWidth||d.clientWidth,n.innerHeight||d.clientHeight||n.innerWidth),' +
    `x=${rootValue}*w/${designWidth};` +
    `d.style.fontSize=(x>=${max}?${max}:x<=${min}?${min}:x)+"px"}` +
    'n.addEventListener("resize",function(){f();setTimeout(f,500)});f()}(window);'
  )
}
