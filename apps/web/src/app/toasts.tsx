import { ToastContainer } from 'react-toastify';

export function Toasts() {
  return <ToastContainer position="top-right" autoClose={1000} newestOnTop theme="light" />;
}
