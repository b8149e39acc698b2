package keep // want `here`
