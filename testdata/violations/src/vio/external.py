"""Third-party reaches: not analysed, so unevaluable by default."""

import requests


# claims: offline
def third_party(url):
    return requests.get(url)  # want-frontier: requests.get from vio.external.third_party `follow = ["requests"]`
