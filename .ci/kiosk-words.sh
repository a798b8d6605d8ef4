# Shared by the kiosk scripts (.ci/e2e-kiosk.sh, .ci/screenshots.sh): source it.

# "three hundred forty-seven" -> 347: the grown-up check's number, in English.
words_to_number() {
  local n=0 w
  for w in $(echo "$1" | tr '-' ' '); do
    case $w in
      one) n=$((n+1)) ;; two) n=$((n+2)) ;; three) n=$((n+3)) ;; four) n=$((n+4)) ;; five) n=$((n+5)) ;;
      six) n=$((n+6)) ;; seven) n=$((n+7)) ;; eight) n=$((n+8)) ;; nine) n=$((n+9)) ;; ten) n=$((n+10)) ;;
      eleven) n=$((n+11)) ;; twelve) n=$((n+12)) ;; thirteen) n=$((n+13)) ;; fourteen) n=$((n+14)) ;;
      fifteen) n=$((n+15)) ;; sixteen) n=$((n+16)) ;; seventeen) n=$((n+17)) ;; eighteen) n=$((n+18)) ;;
      nineteen) n=$((n+19)) ;; twenty) n=$((n+20)) ;; thirty) n=$((n+30)) ;; forty) n=$((n+40)) ;;
      fifty) n=$((n+50)) ;; sixty) n=$((n+60)) ;; seventy) n=$((n+70)) ;; eighty) n=$((n+80)) ;;
      ninety) n=$((n+90)) ;; hundred) n=$((n*100)) ;;
      *) echo "not a number word: $w" >&2; exit 1 ;;
    esac
  done
  echo "$n"
}
