// The Element Timing API's attribute (https://w3c.github.io/element-timing/): the browser
// reports when the element is first painted. React passes the lowercase attribute through;
// its types do not list it yet.
import 'react'

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    elementtiming?: string
  }
}
