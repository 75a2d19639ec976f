import CReadline
