import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigate } from '../lib/navigation';

/** Hands the router's navigate function to code outside React (logout, the API client). */
export function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate(navigate);
    return () => setNavigate(null);
  }, [navigate]);
  return null;
}
